/** The build's mode ('production', 'development'); outside Vite (unit tests) there is none. */
export const buildMode: string = (import.meta.env as ImportMetaEnv | undefined)?.MODE ?? 'test';
