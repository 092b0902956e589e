// The kit extends zod with .openapi() when it loads; import z from here so that always happened first.
import '@storecast/service-kit';
export { z } from 'zod';
