// What tests outside the package may use (`@veil/dune/testing`): named positions and fixed play.
export * from './semuta-scenario.js';
export { fixedChoice } from './fixed-choice.js';
