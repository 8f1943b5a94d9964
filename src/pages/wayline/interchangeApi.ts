/**
 * Calls of routes to and from other tools' files: a KML, KMZ or GeoJSON file previewed and imported
 * as routes, and a stored route exported as KML. Refusals come back with the server's words, which
 * the caller shows.
 */
import {
  WAYLINE_INTERCHANGE_API,
  type AltitudeReading,
  type InterchangeImported,
  type InterchangePreview,
} from '../../../protocol/waylineInterchange.ts';
import { http } from '../../api/http.ts';

/** Which way a call ended: the answer, or the server's message for the user. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

/** What the user chose for the routes of an import. */
export interface ImportChoices {
  drone: string;
  height: number;
  altitude: AltitudeReading;
}

function failed(error: unknown): { ok: false; message: string } {
  return { ok: false, message: error instanceof Error ? error.message : String(error) };
}

async function send<T>(
  path: string,
  file: File,
  workspaceId: number,
  c: ImportChoices,
): Promise<Outcome<T>> {
  try {
    const value = await http.upload<T>(path, file, {
      query: { workspace_id: workspaceId, name: file.name, ...c },
      quiet: true,
    });
    return { ok: true, value };
  } catch (error) {
    return failed(error);
  }
}

/** The routes importing `file` with `c` would create; nothing is stored. */
export const previewInterchange = (file: File, workspaceId: number, c: ImportChoices) =>
  send<InterchangePreview>(WAYLINE_INTERCHANGE_API.preview, file, workspaceId, c);

/** Creates the routes of `file` in the project. */
export const importInterchange = (file: File, workspaceId: number, c: ImportChoices) =>
  send<InterchangeImported>(WAYLINE_INTERCHANGE_API.import, file, workspaceId, c);

/** A stored route as a KML file for Google Earth. */
export async function exportKml(id: number): Promise<Outcome<Blob>> {
  try {
    const response = await http.raw('GET', WAYLINE_INTERCHANGE_API.exportKml, { query: { id } });
    if (response.ok) return { ok: true, value: await response.blob() };
    return { ok: false, message: await http.refusalOf(response) };
  } catch (error) {
    return failed(error);
  }
}
