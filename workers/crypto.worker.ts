import { expose } from 'comlink';
import { cryptoApi } from './crypto.api';

expose(cryptoApi);
