-- The report figures (uptrends.figures and the uptime views over it) are large plans whose row
-- estimates are guesses: set-returning functions, called once per day or month of a view. Their
-- estimated cost passes jit_above_cost, and LLVM then spends seconds compiling code for a query of
-- milliseconds (4.2 s of JIT for 20 ms of work, one day of v_monitor_uptime_daily on Postgres 15).
-- The tool's own sessions set jit = off; this makes it the database's default, so analysts' sessions
-- (psql, BI tools) get the same. A role that may not alter the database keeps the server's setting.
do $$
begin
  execute format('alter database %I set jit = off', current_database());
exception
  when others then
    raise notice 'jit stays as the server sets it (%): the tool''s sessions turn it off themselves', sqlerrm;
end
$$;
