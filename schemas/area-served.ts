import { z } from 'zod';
import { RoutePath } from './common.ts';

/** One area of the contact page's "Areas We Serve" grid. */
export const AreaServedSchema = z.strictObject({
  /** Area name as locals write it, e.g. "Malviya Nagar". */
  name: z.string().min(2),
  /** The area's page, e.g. "/repair-old-town"; leave out when it has none. */
  link: RoutePath.optional(),
});
export const AreasServedSchema = z.array(AreaServedSchema).min(1);
