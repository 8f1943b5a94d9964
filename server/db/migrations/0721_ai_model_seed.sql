-- Set once the default detector for the simulated fleet has been registered, so that deleting it
-- later is respected: it is never registered again.
create table ai_model_seed (
  id integer primary key,
  seeded_at timestamptz not null default now()
);
