import 'server-only';
import { notBuilt } from '../not-built';

export const process = notBuilt('Background removal');
