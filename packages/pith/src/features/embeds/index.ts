/**
 * features/embeds: embedded players that are content (a YouTube or Vimeo `<iframe>`): the extractor
 * keeps one between kept text, format/ writes it as a link to the video.
 */
export { mayBeVideoEmbed, type VideoEmbed, videoEmbed } from './videos.js';
