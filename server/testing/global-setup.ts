import { preparePgliteTemplate, prepareTemplate } from './database';

export default async function setup() {
  return process.env.DATABASE_URL ? prepareTemplate(process.env.DATABASE_URL) : preparePgliteTemplate();
}
