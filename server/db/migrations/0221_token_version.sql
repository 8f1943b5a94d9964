-- Carried in every access token as `ver`; raised when a user's access tokens must stop working at
-- once (password change or reset, disable, a revoked refresh-token family). See server/auth/tokenVersions.ts.
alter table users add column token_version integer not null default 0;
