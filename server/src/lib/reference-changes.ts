/**
 * In-process news of a reference table reload. Caches of reference rows (the tax engine's, decision 025)
 * also check a version row every second for reloads made by other processes; a reload made by this process
 * (the loader called from a script, a test or a route) is announced here so it is seen at once.
 */
const listeners = new Set<() => void>();

export function onReferenceReloaded(listener: () => void): void {
  listeners.add(listener);
}

export function announceReferenceReloaded(): void {
  for (const listener of listeners) listener();
}
