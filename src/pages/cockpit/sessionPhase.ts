/** Where this tab's cockpit session stands: none, asking for control, holding it, giving it back. */
export type SessionPhase = 'idle' | 'entering' | 'flying' | 'leaving';
