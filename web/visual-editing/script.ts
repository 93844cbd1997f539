/** Where the visual-editing bridge is served (under public/), for the build, the start-up check and the root layout. */
export const VISUAL_EDITING_SCRIPT = "/visual-editing/bridge.js";
