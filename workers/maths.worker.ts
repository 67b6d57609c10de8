import { expose } from 'comlink';
import { createMathsApi } from './maths.api';

expose(createMathsApi());
