-- A role that may do everything (the seeded admin) without listing every menu: menus added later are
-- covered too. Only such a role can grant it.
alter table roles add column all_access boolean not null default false;
