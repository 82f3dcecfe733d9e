import type { ActivityDeps } from './deps';
import { secretRotationActivities } from './secret-rotation';

export type { ActivityDeps } from './deps';

export function createActivities(deps: ActivityDeps) {
  return {
    ...secretRotationActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
