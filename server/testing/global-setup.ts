import { prepareTemplate } from './database';

export default async function setup() {
  if (process.env.DATABASE_URL) await prepareTemplate(process.env.DATABASE_URL);
}
