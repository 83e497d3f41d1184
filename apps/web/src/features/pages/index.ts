export { ContentPage } from './components/content-page.tsx';
