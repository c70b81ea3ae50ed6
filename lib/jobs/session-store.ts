// The session store moved to lib/jobs/store/ (one interface, disk and s3 backends: sessionStore()). The
// types stay importable from here for code written against the old module.
export type { SessionMeta, StoredInput, StoredOutput } from './store/types';
