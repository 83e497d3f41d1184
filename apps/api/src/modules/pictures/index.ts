// Uploaded pictures: stored as WebP and AVIF in each width they are shown at.
export { adminPictureRoutes, readUpload } from './admin-routes.ts';
export { pictureMediaRoutes } from './media-routes.ts';
export { sweepPictures, uploadPicture } from './service.ts';
