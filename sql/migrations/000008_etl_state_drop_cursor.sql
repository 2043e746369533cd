-- etl_state.cursor was never written: a window is re-read from its start after any failure (an
-- API cursor expires and is only valid inside one reading), so no cursor is ever resumed. The
-- column only suggested otherwise to readers of the warehouse.
alter table uptrends.etl_state drop column cursor;
