-- The simulated aircraft's on-board model store: what each runs, kept across server restarts as a
-- real aircraft keeps its model through a power cycle (server/sim/ai/deployedModels.ts). Written
-- by the simulated dock when a deploy succeeds or an undeploy drops the model.
create table sim_onboard_models (
  aircraft_sn text primary key,
  model jsonb not null,
  updated_at timestamptz not null default now()
);
