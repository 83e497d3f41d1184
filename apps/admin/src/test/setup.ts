import { configure } from '@testing-library/react';

// a page loaded on first use can take more than the default second to appear while CI runs the
// journeys and the API tests beside these
configure({ asyncUtilTimeout: 5_000 });
