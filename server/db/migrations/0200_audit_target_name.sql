-- The name of an audit row's target as it was at the time of the action, so a later rename or
-- delete does not change what the log says. `target` keeps the stable key (id or serial number).
alter table audit_logs add column target_name text not null default '';
-- Rows written before this column: roles and devices already stored a name in `target`.
update audit_logs set target_name = target where module in ('role', 'device', 'workspace', 'menu') and target !~ '^\d+$';
update audit_logs set target_name = target where module = 'user' and action in ('add', 'profile');
