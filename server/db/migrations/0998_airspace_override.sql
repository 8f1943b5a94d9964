-- Planning checks against the project's airspace (server/airspace/planningCheck.ts): a task whose
-- route enters a no-fly area or leaves the operation areas is created only when a user allowed to
-- (`airspace:override`) asks for it, and its runs are checked again when they are sent.

-- The areas (their `area_id`s) the override accepted, as a JSON array: no-fly areas the route
-- enters and operation areas it leaves; null: none was needed or asked for. A run whose route
-- breaks any other area (one added, enabled or moved since) is refused when it is sent.
alter table flight_tasks add column airspace_override jsonb;

-- The override button on the airspace page, for databases seeded before it (an empty database
-- gets it from the seed, seedMenus.ts). Only the admin role is given it: flying into a no-fly
-- area is a supervisor's call, which an administrator grants another role in the role editor.
insert into menus (parent_id, name, sort, kind, perms)
select p.id, 'airspace_override', 4, 'button', 'airspace:override'
from menus p
where p.name = 'airspace' and p.parent_id is null and p.kind = 'menu'
  and not exists (select 1 from menus c where c.parent_id = p.id and c.perms = 'airspace:override');

insert into role_menus (role_id, menu_id)
select r.id, m.id
from roles r
join menus m on m.perms = 'airspace:override'
where r.name = 'admin'
on conflict do nothing;
