import { expose } from 'comlink';
import { marketApi } from './market.api';

expose(marketApi);
