/** Seeding entry points (`main.ts` on first start, `seed-cli.ts` on demand). */
export { DEMO_PASSWORD, DEMO_USERS, isEmpty, seedDemo } from './demo';
export { LARGE_CUSTOMERS, makeLargeBillable, seedLarge } from './large';
export { insertDailyReadings } from './points';
export { seededRandom } from './random';
export {
  DEMO_DRAFTS,
  DEMO_STATEMENT_TARGET,
  DEMO_SUPPLIER,
  demoBilledMonth,
  seedDemoBilling,
} from './billing';
export { DEMO_READINGS_DAYS, DEMO_READINGS_START } from './points';
