import { expose } from 'comlink';
import { reservesApi } from './reserves.api';

expose(reservesApi);
