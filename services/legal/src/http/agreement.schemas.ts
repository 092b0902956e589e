import { z } from 'zod';
import { VERSION_MAX_LENGTH } from '../domain/legal-document';

export const LegalAgreeRequest = z
  .object({ version: z.string().trim().min(1).max(VERSION_MAX_LENGTH) })
  .openapi('LegalAgreeRequest');
