-- Comments the figure columns of a view from uptrends.figure_description, so every uptime view's
-- data dictionary is the same sentences. Called by the view files after they create their view.
create or replace function uptrends.comment_figure_columns(p_view regclass)
returns integer
language plpgsql
as $$
declare
  c record;
  n integer := 0;
begin
  for c in
    select a.attname from pg_attribute a
    where a.attrelid = p_view and a.attnum > 0 and not a.attisdropped
  loop
    if uptrends.figure_description(c.attname) is not null then
      execute format('comment on column %s.%I is %L', p_view, c.attname, uptrends.figure_description(c.attname));
      n := n + 1;
    end if;
  end loop;
  return n;
end
$$;

comment on function uptrends.comment_figure_columns(regclass) is
  'Sets the comment of every column of p_view that is a figure column (uptrends.figure_description) and returns how many it set. Used by the uptime views.';
