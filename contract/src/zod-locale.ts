import { z } from 'zod';

// Every zod message the schemas do not set themselves comes out in Brazilian Portuguese (issue 15:
// "Too small: expected number to be >=1" reached users). Imported first by the contract's index, so
// it holds in the server and the web alike.
z.config(z.locales.ptBR());
