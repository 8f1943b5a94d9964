/**
 * The `requests` family (shared/protocol/dji-cloud-api.md §1.1–1.3): a gateway asks the cloud for
 * something on `thing/product/{gateway_sn}/requests`, the cloud answers on `requests_reply` with the
 * same `tid`, `bid` and `method` and `data: { result, output }`.
 */

/** Request methods the protocol names; a gateway may send others, which are answered as unsupported. */
export const REQUEST_METHODS = [
  'config',
  'storage_config_get',
  'flighttask_resource_get',
  'flighttask_progress_get',
  'airport_bind_status',
  'airport_organization_bind',
  'airport_organization_get',
  'flight_areas_get',
  'offline_map_get',
] as const;
export type RequestMethod = (typeof REQUEST_METHODS)[number];

/** `result` of a request the cloud answered successfully. */
export const REQUEST_OK = 0;
/**
 * `result` of a method no handler serves. The protocol only fixes 0 as success; a distinct non-zero
 * value lets a device log tell "not supported here" from a handler failure.
 */
export const REQUEST_UNSUPPORTED = 1;
/** `result` when the handler failed (database down, bad input from the device). */
export const REQUEST_FAILED = 2;

/** `config` asks for the cloud-side settings a dock needs before it can work offline-safe. */
export interface ConfigRequestData {
  config_type?: string;
  config_scope?: string;
}

/** What `config` answers: the NTP host docks sync their clock with, and the app's credentials. */
export interface ConfigOutput {
  ntp_server_host: string;
  app_id: string;
  app_key: string;
  app_license: string;
}

/** `storage_config_get` asks for upload credentials; `module` 0 is media. */
export interface StorageConfigRequestData {
  module?: number;
}

/** `flighttask_resource_get` asks for the wayline file of a prepared flight task. */
export interface FlighttaskResourceRequestData {
  flight_id?: string;
}

/** Request data and reply output per method; methods not listed carry plain objects. */
export interface RequestTypes {
  config: { data: ConfigRequestData; output: ConfigOutput };
  storage_config_get: { data: StorageConfigRequestData; output: Record<string, unknown> };
  flighttask_resource_get: {
    data: FlighttaskResourceRequestData;
    output: Record<string, unknown>;
  };
}

/** Request data of `method`. */
export type RequestData<M extends RequestMethod> = M extends keyof RequestTypes
  ? RequestTypes[M]['data']
  : Record<string, unknown>;

/** Reply output of `method`. */
export type RequestOutput<M extends RequestMethod> = M extends keyof RequestTypes
  ? RequestTypes[M]['output']
  : Record<string, unknown>;

/** The body published on `requests_reply`. */
export interface RequestReply {
  tid: string;
  bid: string;
  timestamp: number;
  method: string;
  data: { result: number; output?: Record<string, unknown> };
}

/** Whether `method` is one the protocol names. */
export function isRequestMethod(method: string): method is RequestMethod {
  return (REQUEST_METHODS as readonly string[]).includes(method);
}
