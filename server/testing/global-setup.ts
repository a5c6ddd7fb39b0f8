import { prepareTemplate } from './database';

export default async function setup() {
  if (process.env.DATABASE_URL) return prepareTemplate(process.env.DATABASE_URL);
}
