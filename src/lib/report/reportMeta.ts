/** What the title block of a report states, already in the interface language. */
export interface ReportMeta {
  system: string;
  title: string;
  /** Label and value pairs: project, exported by, exported at. */
  facts: readonly (readonly [string, string])[];
  /** The export time as `YYYY-MM-DD HH:mm`, printed in every page's footer. */
  when: string;
}
