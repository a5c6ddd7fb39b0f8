-- Nothing read visitors: a visitor is its clicks (clicks.visitor_key, indexed), whose first and last
-- created_at are its first and last sighting. Keeping the row cost every click an insert or an update
-- (about a third of a click's WAL) and made two batches of one visitor's clicks wait on its row lock.
DROP TABLE "visitors";
