import { createFlag } from '../../lib/flag.ts';

const catalogOpen = createFlag();

export const openCatalog = () => catalogOpen.set(true);
export const closeCatalog = () => catalogOpen.set(false);
export const toggleCatalog = () => catalogOpen.toggle();

/** Whether the catalogue panel is open; the header, the top bar and the bottom bar all toggle it. */
export const useCatalogOpen = (): boolean => catalogOpen.use();
