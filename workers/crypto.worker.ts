import { expose } from 'comlink';
import { createCryptoApi } from './crypto.api';

expose(createCryptoApi());
