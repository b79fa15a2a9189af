export * from './determinism.js';
export * from './diff.js';
export * from './liveness.js';
export * from './noninterference.js';
export * from './observe.js';
export * from './random-play.js';
export * from './stream-exposure.js';
export * from './property.js';
