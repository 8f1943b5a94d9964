-- Device secrets sealed for an external broker that checks passwords itself (Mosquitto's dynamic
-- security plugin needs the secret, not its hash, to create the device's account). Sealed with
-- AES-256-GCM under a key derived from the token secret, which already guards every session.
-- No foreign key: the broker sync removes the accounts of devices that are gone, then the row.
create table device_broker_secrets (
  device_sn text primary key,
  sealed text not null,
  updated_at timestamptz not null default now()
);
