/** Seeding entry points (`main.ts` on first start, `seed-cli.ts` on demand). */
export { DEMO_PASSWORD, DEMO_USERS, isEmpty, seedDemo } from './demo';
export { LARGE_CUSTOMERS, makeLargeBillable, seedLarge } from './large';
export { insertDailyReadings } from './points';
export { seededRandom } from './random';
