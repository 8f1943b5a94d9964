import { API, type Page, type WorkspaceNode } from '../../protocol/http.ts';
import type { Query } from './createClient.ts';
import { http } from './http.ts';

/** The workspace tree the user may see. */
export const fetchWorkspaceTree = (query: Query = {}) =>
  http.get<WorkspaceNode[]>(API.workspaceTree, query);

/** A page of workspaces. */
export const listWorkspaces = (query: Query) =>
  http.get<Page<WorkspaceNode>>(API.workspaceList, query);

/** One workspace. */
export const fetchWorkspaceInfo = (workspaceId: number) =>
  http.get<WorkspaceNode>(API.workspaceInfo, { workspace_id: workspaceId });

/** Creates a workspace. */
export const addWorkspace = (body: Partial<WorkspaceNode>) =>
  http.post<WorkspaceNode>(API.workspaceAdd, body);

/** Edits a workspace. */
export const editWorkspace = (body: Partial<WorkspaceNode>) =>
  http.post<WorkspaceNode>(API.workspaceEdit, body);

/** Deletes a workspace (body: workspace_id plus fields). */
export const deleteWorkspace = (workspaceId: number, body: Record<string, unknown> = {}) =>
  http.post<null>(API.workspaceDel, { workspace_id: workspaceId, ...body });
