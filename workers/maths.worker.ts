import { expose } from 'comlink';
import { mathsApi } from './maths.api';

expose(mathsApi);
