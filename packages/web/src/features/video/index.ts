/** The video feature's public part: the room panel the live test and administer pages show. */
export { VideoRoom } from "./VideoRoom";
