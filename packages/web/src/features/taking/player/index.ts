/** The test's audio player with limited plays (spec §4/§9). */
export { AudioPlayer, type AudioPlayerProps } from "./AudioPlayer";
export { PLAYBACK_SPEEDS, REWIND_SECONDS } from "./playback";
