import { v7 as uuidv7 } from 'uuid';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const newId = (): string => uuidv7();
/** Path ids that are not UUIDs name no record: callers answer not-found without a query. */
export const isUuid = (value: string): boolean => UUID.test(value);
