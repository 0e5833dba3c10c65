/**
 * Personal data of customers who are persons (docs/security.md "Personal data"): the export
 * and the anonymisation, their routes and OpenAPI paths.
 */
export { PRIVACY, privacyOpenApi, registerPrivacyRoutes } from './routes';
export type { PrivacyRouteContext } from './routes';
export { ANONYMISED, LIVE_CONTRACT_STATES, retentionEnds } from './anonymise';
export { collectPersonalData, type PersonalData } from './personal-data';
