import { expose } from 'comlink';
import { createMarketApi } from './market.api';

expose(createMarketApi());
