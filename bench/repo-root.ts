/** The repository root, so children start with the right working directory wherever bench runs from. */
import { fileURLToPath } from 'node:url';

/** Absolute path of the repository root (the folder holding package.json). */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
