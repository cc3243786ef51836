export { PropertiesPanel } from './properties-panel';
export type { PropertiesPanelProps } from './properties-panel';
