-- Failed sign-ins and own-password checks, counted per key (account, account + address, address,
-- user). In the database rather than in memory so that every instance sees the same counts and a
-- restart does not hand an attacker a fresh set of tries. See server/auth/loginThrottle.ts.
create table login_failures (
  key text primary key,
  failures integer not null,
  first_at timestamptz not null default now()
);
create index login_failures_first_idx on login_failures(first_at);
