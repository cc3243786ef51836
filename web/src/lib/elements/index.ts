/**
 * Story elements' rows read into one shape (nickname migration included) and the summary list
 * other screens use; the elements screens themselves are `features/elements/`.
 */
export {
  byOrder,
  ELEMENT_KINDS,
  isElementKind,
  mainImage,
  readElement,
  readElementMeta,
  readImages,
  readNicknames,
  readTags,
} from './element-meta';
export type {
  ElementImage,
  ElementKind,
  ElementMeta,
  ElementRecord,
  Nickname,
} from './element-meta';
export { listElements } from './list-elements';
export type { ElementSummary } from './list-elements';
