/** Every table of the database; drizzle-kit reads this file to generate migrations. */
export { roles } from './roles';
export { users } from './users';
