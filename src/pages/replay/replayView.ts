// The replay's address lives in src/lib so that other pages can link to a moment of the replay.
export * from '../../lib/replayView.ts';
